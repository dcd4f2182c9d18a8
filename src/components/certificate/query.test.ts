import { describe, expect, it } from 'vitest';
import { certificateSearch, CODE_INPUT_MAX, codeFromQuery, parseCertificateQuery, verifyHref } from '@/components/certificate/query';

describe('the certificates page query', () => {
  it('reads the tab and the page, defaulting to held and page 1', () => {
    expect(parseCertificateQuery('')).toEqual({ status: 1, page: 1 });
    expect(parseCertificateQuery('?tab=expired&page=2')).toEqual({ status: 2, page: 2 });
    expect(parseCertificateQuery('?tab=held&page=3')).toEqual({ status: 1, page: 3 });
    expect(parseCertificateQuery('?tab=other&page=-1')).toEqual({ status: 1, page: 1 });
    expect(parseCertificateQuery('?page=1.5')).toEqual({ status: 1, page: 1 });
  });

  it('writes a state back, leaving the defaults out', () => {
    expect(certificateSearch({ status: 1, page: 1 })).toBe('');
    expect(certificateSearch({ status: 2, page: 1 })).toBe('?tab=expired');
    expect(certificateSearch({ status: 1, page: 4 })).toBe('?page=4');
    for (const search of ['?tab=expired&page=3', '?page=2']) {
      expect(certificateSearch(parseCertificateQuery(search))).toBe(search);
    }
  });
});

describe('the verification page query', () => {
  it('reads the code, trimmed and cut to the field', () => {
    expect(codeFromQuery('?code=%20K7QW2M4XPA3RZC5N%20')).toBe('K7QW2M4XPA3RZC5N');
    expect(codeFromQuery('?other=1')).toBe('');
    expect(codeFromQuery(`?code=${'A'.repeat(100)}`)).toHaveLength(CODE_INPUT_MAX);
  });

  it('links a code to the page in its language, encoded', () => {
    expect(verifyHref('K7QW2M4XPA3RZC5N', '/en/certificate/verify')).toBe('/en/certificate/verify?code=K7QW2M4XPA3RZC5N');
    expect(verifyHref('a b&c', '/certificate/verify')).toBe('/certificate/verify?code=a+b%26c');
  });
});
