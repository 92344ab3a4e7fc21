import { nextUtcMidnight, utcDay } from '../../src/shared/clock';

describe('utcDay', () => {
  it('names the UTC day of each instant, whatever the order it is asked in', () => {
    const instants = ['2026-11-22T23:59:59.999Z', '2026-11-23T00:00:00.000Z', '2026-11-22T00:00:00.000Z', '1969-12-31T23:59:59.999Z', '2026-11-23T12:00:00.000Z'];
    expect(instants.map((at) => utcDay(new Date(at)))).toEqual(['2026-11-22', '2026-11-23', '2026-11-22', '1969-12-31', '2026-11-23']);
  });

  it('refuses an invalid date, as toISOString does', () => {
    expect(() => utcDay(new Date('nope'))).toThrow(RangeError);
  });

  it('ends each day at the next UTC midnight', () => {
    expect(nextUtcMidnight(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
