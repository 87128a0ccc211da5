import { contentFactor, isOpenThread, MIN_CONTENT, planSentence, sharedThing, withoutAddress } from './sentence-scoring.js';

describe('sentence scoring (issue 37)', () => {
  it('scores a told event above the feeling around it', () => {
    expect(contentFactor('We even won a trophy!')).toBeGreaterThan(contentFactor('All that hard work and effort was totally worth it.'));
    expect(contentFactor('I got an endorsement with a popular beverage company!')).toBeGreaterThan(contentFactor('Last week was wild - something incredible happened.'));
    expect(contentFactor('Last week was wild - something incredible happened.')).toBeLessThan(MIN_CONTENT);
  });

  it('reads a feeling ending in -ed as a state, not as something done', () => {
    expect(contentFactor('So thrilled about the art show tomorrow')).toBeCloseTo(contentFactor('So keen about the art show tomorrow'));
    expect(contentFactor('Painted a mural for the art show tomorrow')).toBeGreaterThan(contentFactor('So keen about the art show tomorrow'));
  });

  it('counts a name said, not the name a line speaks to', () => {
    expect(withoutAddress('Thanks, Caroline! It was Matt Patterson.')).toBe('! It was Matt Patterson.');
    expect(contentFactor('It was Matt Patterson!')).toBeGreaterThan(contentFactor('Thanks so much, Caroline!'));
  });

  it('completes a sentence that points at a shared photo, and only such a sentence', () => {
    const turn = 'Melanie: They made this! [shares a photo of a cup with a dog face on it]';
    expect(sharedThing(turn, 'They made this!')).toBe('a photo of a cup with a dog face on it');
    expect(sharedThing(turn, 'The kids loved the class.')).toBeNull();
    expect(sharedThing(turn, 'The road trip this past weekend was insane!')).toBeNull();
  });

  it('takes the speaker\'s own plans as open threads, not a plan merely mentioned', () => {
    expect(planSentence('Caroline: I love it. I\'m putting together an LGBTQ art show next month.')).toBe('I\'m putting together an LGBTQ art show next month.');
    expect(isOpenThread('Caroline: It is freeing, painting without too much of a plan.')).toBe(false);
    expect(isOpenThread('Melanie: Those kids will be so supported in their new home.')).toBe(false);
    expect(isOpenThread('Caroline: Are you going to the parade?')).toBe(false);
  });
});
