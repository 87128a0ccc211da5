import { eventPhrase, firstPersonEvent } from './event-phrase.js';

describe('event phrases for titles and the narrative (issue 37)', () => {
  it('names a first-person event with its actor, wherever it is in the line', () => {
    expect(firstPersonEvent('Tim: Last week was wild. I got an endorsement with a popular beverage company!')).toBe('Tim got an endorsement with a popular beverage company');
    expect(firstPersonEvent('Caroline: I passed the adoption agency interviews last Friday (Friday 20 October 2023)!')).toBe('Caroline passed the adoption agency interviews last Friday');
    expect(firstPersonEvent('Melanie: We were all freaked when my son got into an accident.')).toBe("Melanie's son got into an accident");
    expect(firstPersonEvent("Caroline: I'm putting together an LGBTQ art show next month.")).toBe('Caroline is putting together an LGBTQ art show next month');
    expect(firstPersonEvent('Gina: I also lost my job at Door Dash this month.')).toBe('Gina lost their job at Door Dash this month');
  });

  it('tells no event for an "I" inside a noun phrase, a negation, or a line without one', () => {
    expect(firstPersonEvent('Caroline: The help I got from friends was invaluable.')).toBeNull();
    expect(firstPersonEvent("Jon: I won't quit.")).toBeNull();
    expect(firstPersonEvent('Melanie: That sounds great!')).toBeNull();
    expect(eventPhrase('Melanie: That sounds great, really fun!')).toBe('Melanie: That sounds great');
  });
});
