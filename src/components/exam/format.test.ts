import { describe, expect, it } from 'vitest';
import {
  answersRuleKey,
  attemptsText,
  blankAnswers,
  choiceText,
  shownLetter,
  formatSeconds,
  isChoice,
  outcomeOf,
  parsePoints,
  referenceText,
  windowText,
  withheldText,
} from '@/components/exam/format';

const windowTexts = {
  'exam.windowRange': '{start} to {end}',
  'exam.windowFrom': 'From {start}',
  'exam.windowUntil': 'Until {end}',
  'exam.windowAny': 'Any time',
};

describe('windowText', () => {
  it('words every shape of window', () => {
    expect(windowText('2026-03-01T08:00:00Z', '2026-03-02T09:30:00Z', windowTexts, 'UTC')).toBe(
      '2026-03-01 08:00 to 2026-03-02 09:30',
    );
    expect(windowText('2026-03-01T08:00:00Z', null, windowTexts, 'UTC')).toBe('From 2026-03-01 08:00');
    expect(windowText(null, '2026-03-02T09:30:00Z', windowTexts, 'UTC')).toBe('Until 2026-03-02 09:30');
    expect(windowText(null, null, windowTexts)).toBe('Any time');
  });
});

describe('attemptsText', () => {
  const m = { 'exam.attemptsOf': '{used} of {total}', 'exam.attemptsUnlimitedOf': '{used} (unlimited)' };
  it('says unlimited for 0 allowed', () => {
    expect(attemptsText(1, 3, m)).toBe('1 of 3');
    expect(attemptsText(2, 0, m)).toBe('2 (unlimited)');
  });
});

describe('answers', () => {
  const options = [
    { key: 'A', text: 'one' },
    { key: 'B', text: 'two' },
    { key: 'C', text: 'three' },
  ];
  it('reads chosen keys in the paper order, keeping unknown keys', () => {
    expect(choiceText(['C', 'A'], options)).toEqual(['A. one', 'C. three']);
    expect(choiceText(['Z'], options)).toEqual(['Z']);
  });
  it('reads chosen keys with the letters the paper showed, and the original letter for markers', () => {
    const shuffled = [
      { key: 'D', text: 'four', label: 'A', originalLabel: 'D' },
      { key: 'A', text: 'one', label: 'B', originalLabel: 'A' },
      { key: 'C', text: 'three', label: 'C', originalLabel: 'C' },
    ];
    expect(choiceText(['D'], shuffled.map(({ originalLabel: _, ...o }) => o))).toEqual(['A. four']);
    const m = { 'exam.review.originalLetter': '{label} (原 {original})' };
    expect(choiceText(['D', 'C'], shuffled, m)).toEqual(['A (原 D). four', 'C. three']);
    expect(shownLetter(shuffled[1]!, m)).toBe('B (原 A)');
  });
  it('reads the accepted texts of a blank in either key shape', () => {
    expect(blankAnswers([['北京', 'Beijing'], ['1949']], 0)).toEqual(['北京', 'Beijing']);
    expect(blankAnswers(['1949'], 0)).toEqual(['1949']);
    expect(blankAnswers([['x']], 3)).toEqual([]);
  });
  it('knows the choice types', () => {
    expect([1, 2, 3, 4, 5].map(isChoice)).toEqual([true, true, true, false, false]);
  });
  it('tells the outcome from the points', () => {
    expect(outcomeOf(null, 10)).toBe('pending');
    expect(outcomeOf(10, 10)).toBe('right');
    expect(outcomeOf(4, 10)).toBe('partial');
    expect(outcomeOf(0, 10)).toBe('wrong');
  });
});

describe('parsePoints', () => {
  it('takes whole numbers from 0 to the score only', () => {
    expect(parsePoints(' 7 ', 10)).toBe(7);
    expect(parsePoints('0', 10)).toBe(0);
    expect(parsePoints('10', 10)).toBe(10);
    expect(parsePoints('11', 10)).toBeUndefined();
    expect(parsePoints('-1', 10)).toBeUndefined();
    expect(parsePoints('2.5', 10)).toBeUndefined();
    expect(parsePoints('', 10)).toBeUndefined();
  });
});

describe('formatSeconds', () => {
  it('keeps the seconds', () => {
    expect(formatSeconds('2026-03-01T08:00:05Z', 'UTC')).toBe('2026-03-01 08:00:05');
    expect(formatSeconds('nonsense')).toBe('');
  });
});

describe('referenceText', () => {
  it('shows the text of the page language when the key holds one per language', () => {
    expect(referenceText(['先核实事实', 'Check the facts'], 'zh')).toEqual(['先核实事实']);
    expect(referenceText(['先核实事实', 'Check the facts'], 'en')).toEqual(['Check the facts']);
    expect(referenceText(['只有中文'], 'en')).toEqual(['只有中文']);
    expect(referenceText(['一', '二'], 'en')).toEqual(['一', '二']);
  });
});

describe('withheldText', () => {
  const m = {
    'exam.review.withheld.never': 'never',
    'exam.review.withheld.attemptsLeft': 'attempts left',
    'exam.review.withheld.windowOpen': 'after {time}',
    'exam.review.withheld.windowOpenNoEnd': 'after the close',
    'exam.review.withheld.paperInProgress': 'hand in first',
  };
  it('says why the answers are not shown and when they will be', () => {
    expect(withheldText({ answersWithheld: null, answersAt: null }, m)).toBe('');
    expect(withheldText({ answersWithheld: 'never', answersAt: null }, m)).toBe('never');
    expect(withheldText({ answersWithheld: 'attemptsLeft', answersAt: null }, m)).toBe('attempts left');
    expect(withheldText({ answersWithheld: 'paperInProgress', answersAt: null }, m)).toBe('hand in first');
    expect(withheldText({ answersWithheld: 'windowOpen', answersAt: '2026-03-01T08:00:00Z' }, m, 'UTC')).toBe('after 2026-03-01 08:00');
    expect(withheldText({ answersWithheld: 'windowOpen', answersAt: null }, m)).toBe('after the close');
  });
});

describe('answersRuleKey', () => {
  it('names each rule, and the default for one it does not know', () => {
    for (const rule of ['never', 'afterLastAttempt', 'afterWindow', 'afterEachAttempt']) expect(answersRuleKey(rule)).toBe(`exam.answersRule.${rule}`);
    expect(answersRuleKey('sometimes')).toBe('exam.answersRule.afterLastAttempt');
  });
});
