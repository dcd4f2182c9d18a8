import { describe, expect, it } from 'vitest';
import { centreSearch, parseCentreQuery } from '@/components/exam/centre-query';
import { resultHref, runnerHref } from '@/components/exam/links';

const PAPER = '0b7e6f0e-3c1a-4a52-9a55-0d4f5d0c1a2b';

describe('exam centre query', () => {
  it('reads my exams with their filters', () => {
    expect(parseCentreQuery('?status=3&q=%20安全%20&page=2')).toEqual({ tab: 'mine', status: 3, keyword: '安全', page: 2 });
  });
  it('drops what does not belong to the tab or is not valid', () => {
    expect(parseCentreQuery('?tab=records&status=1&q=x&paper=' + PAPER)).toEqual({ tab: 'records', page: 1 });
    expect(parseCentreQuery('?tab=nope&status=9&page=-3')).toEqual({ tab: 'mine', page: 1 });
    expect(parseCentreQuery('?tab=marking&status=0&paper=not-a-uuid')).toEqual({ tab: 'marking', page: 1 });
    expect(parseCentreQuery(`?tab=marking&status=1&paper=${PAPER}`)).toEqual({ tab: 'marking', status: 1, page: 1, paper: PAPER });
  });
  it('writes the query back, defaults left out', () => {
    expect(centreSearch({ tab: 'mine', page: 1 })).toBe('');
    expect(centreSearch({ tab: 'mine', status: 0, keyword: '入职', page: 2 })).toBe('?status=0&q=%E5%85%A5%E8%81%8C&page=2');
    const marking = { tab: 'marking' as const, page: 1, paper: PAPER };
    expect(parseCentreQuery(centreSearch(marking))).toEqual(marking);
  });
});

describe('exam links', () => {
  it('leads a paper to the page of its status', () => {
    expect(resultHref({ paperId: 'p', taskId: 't', status: 2 }, 'zh')).toBe('/account/exam/examSuccess?paperId=p');
    expect(resultHref({ paperId: 'p', taskId: 't', status: 1 }, 'en')).toBe('/en/account/exam/waitExamSuccess?paperId=p');
    expect(resultHref({ paperId: 'p', taskId: 't', status: 0 }, 'zh')).toBe(runnerHref('t', 'zh'));
  });
});
