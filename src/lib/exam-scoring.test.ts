import { describe, expect, it } from 'vitest';
import {
  bestMarkedScore,
  blankScores,
  examTaskStatus,
  isBlankAnswer,
  normalizeFillText,
  orderedOptions,
  paperOrders,
  scoreAnswer,
  shuffled,
} from './exam-scoring';

const single = { questionType: 1, answer: ['B'], score: 5 };
const multiple = { questionType: 2, answer: ['A', 'C', 'D'], score: 5 };
const judge = { questionType: 3, answer: ['T'], score: 4 };
const fill = { questionType: 4, answer: [['北京', 'Beijing'], ['1949']], score: 10 };
const short = { questionType: 5, answer: ['参考答案'], score: 10 };

describe('scoreAnswer', () => {
  it('single choice and true/false: the exact key only', () => {
    expect(scoreAnswer(single, ['B'])).toBe(5);
    expect(scoreAnswer(single, ['A'])).toBe(0);
    expect(scoreAnswer(single, ['A', 'B'])).toBe(0);
    expect(scoreAnswer(single, [])).toBe(0);
    expect(scoreAnswer(judge, ['T'])).toBe(4);
    expect(scoreAnswer(judge, ['F'])).toBe(0);
  });

  it('multiple choice: all or nothing without partial credit', () => {
    expect(scoreAnswer(multiple, ['D', 'A', 'C'])).toBe(5);
    expect(scoreAnswer(multiple, ['A', 'C'])).toBe(0);
    expect(scoreAnswer(multiple, ['A', 'B', 'C', 'D'])).toBe(0);
    expect(scoreAnswer(multiple, [])).toBe(0);
  });

  it('multiple choice with partial credit: half (floored) for a right subset, nothing with a wrong key', () => {
    const rules = { partialCredit: true };
    expect(scoreAnswer(multiple, ['A', 'C', 'D'], rules)).toBe(5);
    expect(scoreAnswer(multiple, ['A'], rules)).toBe(2);
    expect(scoreAnswer(multiple, ['A', 'C'], rules)).toBe(2);
    expect(scoreAnswer({ ...multiple, score: 6 }, ['C'], rules)).toBe(3);
    expect(scoreAnswer(multiple, ['A', 'B'], rules)).toBe(0);
    expect(scoreAnswer(multiple, [], rules)).toBe(0);
    // Partial credit is for multiple choice only.
    expect(scoreAnswer({ ...single, answer: ['B'] }, ['A'], rules)).toBe(0);
  });

  it('fill in the blank: blank by blank after normalisation, alternatives accepted', () => {
    expect(scoreAnswer(fill, ['北京', '1949'])).toBe(10);
    expect(scoreAnswer(fill, ['  ｂｅｉｊｉｎｇ ', '１９４９'])).toBe(10);
    expect(scoreAnswer(fill, ['BEIJING', '1950'])).toBe(5);
    expect(scoreAnswer(fill, ['上海', '1949'])).toBe(5);
    expect(scoreAnswer(fill, ['上海'])).toBe(0);
    expect(scoreAnswer(fill, [])).toBe(0);
    const three = { questionType: 4, answer: [['a'], ['b'], ['New  York']], score: 10 };
    expect(scoreAnswer(three, ['A', 'x', 'x'])).toBe(3);
    expect(scoreAnswer(three, ['x', 'x', ' new　york '])).toBe(4);
    expect(scoreAnswer(three, ['a', 'b', 'ＮＥＷ ＹＯＲＫ'])).toBe(10);
    // A key of plain texts has one accepted text per blank.
    expect(scoreAnswer({ questionType: 4, answer: ['x', 'y'], score: 4 }, ['X', 'y'])).toBe(4);
  });

  it('short answer: a lecturer marks it; blank scores 0 at once', () => {
    expect(scoreAnswer(short, ['我的回答'])).toBeNull();
    expect(scoreAnswer(short, ['   '])).toBe(0);
    expect(scoreAnswer(short, [])).toBe(0);
  });
});

describe('helpers', () => {
  it('normalises fill texts', () => {
    expect(normalizeFillText('  ＢＥＩＪＩＮＧ　 City ')).toBe('beijing city');
    expect(normalizeFillText('Ａｂｃ１２３')).toBe('abc123');
    expect(normalizeFillText('a\t\nb')).toBe('a b');
  });

  it('splits a score across blanks with the remainder on the last', () => {
    expect(blankScores(10, 3)).toEqual([3, 3, 4]);
    expect(blankScores(10, 2)).toEqual([5, 5]);
    expect(blankScores(5, 1)).toEqual([5]);
    expect(blankScores(2, 3)).toEqual([0, 0, 2]);
    expect(blankScores(5, 0)).toEqual([]);
  });

  it('tells a blank answer', () => {
    expect(isBlankAnswer([])).toBe(true);
    expect(isBlankAnswer(['', ' '])).toBe(true);
    expect(isBlankAnswer(['', 'x'])).toBe(false);
  });

  it('shuffles without losing items', () => {
    expect(shuffled([1, 2, 3], () => 0)).toEqual([2, 3, 1]);
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect([...shuffled(items)].sort((a, b) => a - b)).toEqual(items);
  });

  it('draws paper orders: questions and choice options, never true/false options', () => {
    const questions = [
      { id: 'q1', questionType: 1, options: [{ key: 'A' }, { key: 'B' }, { key: 'C' }] },
      { id: 'q2', questionType: 2, options: [{ key: 'A' }, { key: 'B' }] },
      { id: 'q3', questionType: 3, options: [{ key: 'T' }, { key: 'F' }] },
      { id: 'q4', questionType: 4, options: [] },
    ];
    const fixed = paperOrders(questions, { shuffleQuestions: false, shuffleOptions: false });
    expect(fixed).toEqual({ questionOrder: ['q1', 'q2', 'q3', 'q4'], optionOrders: {} });
    const drawn = paperOrders(questions, { shuffleQuestions: true, shuffleOptions: true }, () => 0);
    expect([...drawn.questionOrder].sort()).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(drawn.questionOrder).not.toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(Object.keys(drawn.optionOrders).sort()).toEqual(['q1', 'q2']);
    expect([...drawn.optionOrders.q1!].sort()).toEqual(['A', 'B', 'C']);
  });

  it('puts options in the paper order', () => {
    const options = [{ key: 'A' }, { key: 'B' }, { key: 'C' }];
    expect(orderedOptions(options, ['C', 'A', 'B']).map((o) => o.key)).toEqual(['C', 'A', 'B']);
    expect(orderedOptions(options, undefined).map((o) => o.key)).toEqual(['A', 'B', 'C']);
    expect(orderedOptions(options, ['B']).map((o) => o.key)).toEqual(['B', 'A', 'C']);
  });
});

describe('examTaskStatus', () => {
  it('is pass when the best marked paper passed, even with papers waiting', () => {
    expect(examTaskStatus([{ status: 2, score: 40 }, { status: 2, score: 85 }], 60)).toBe(1);
    expect(examTaskStatus([{ status: 2, score: 60 }, { status: 1, score: 10 }], 60)).toBe(1);
    expect(bestMarkedScore([{ status: 2, score: 40 }, { status: 2, score: 85 }, { status: 1, score: 90 }])).toBe(85);
  });

  it('is waiting to be marked while a paper waits and none passed', () => {
    expect(examTaskStatus([{ status: 2, score: 40 }, { status: 1, score: 30 }], 60)).toBe(3);
    expect(examTaskStatus([{ status: 1, score: 70 }], 60)).toBe(3);
  });

  it('is fail after marked papers below the pass score, waiting with none handed in', () => {
    expect(examTaskStatus([{ status: 2, score: 59 }], 60)).toBe(2);
    expect(examTaskStatus([{ status: 0, score: null }], 60)).toBe(0);
    expect(examTaskStatus([], 60)).toBe(0);
    expect(bestMarkedScore([{ status: 1, score: 30 }])).toBeNull();
  });
});
