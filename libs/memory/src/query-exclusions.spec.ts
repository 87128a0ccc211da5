import { withoutExclusions } from './query-exclusions.js';

describe('withoutExclusions', () => {
  it.each([
    ['What countries except the US has Kevin been to?', 'What countries has Kevin been to?'],
    ['Where, besides the United States, has Elise visited?', 'Where, has Elise visited?'],
    ['What locations in the United States has Elise visited other than Houston, where she lives?', 'What locations in the United States has Elise visited, where she lives?'],
    ['What is one of Nate\'s favorite dairy-free treats besides coconut milk ice cream?', 'What is one of Nate\'s favorite dairy-free treats?'],
    ['Which activity has John done apart from yoga at the studio?', 'Which activity has John done?'],
  ])('leaves out what "%s" rules out', (question, left) => {
    expect(withoutExclusions(question)).toBe(left);
  });

  it('leaves a question that rules nothing out, and one that would be left empty, as it is', () => {
    expect(withoutExclusions('Where did Elise go in May?')).toBe('Where did Elise go in May?');
    expect(withoutExclusions('besides pottery')).toBe('besides pottery');
  });
});
