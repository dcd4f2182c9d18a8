import { describe, expect, it } from 'vitest';
import { recordLink } from '@/components/message/link';

describe('recordLink', () => {
  it('localizes site paths and keeps their query', () => {
    expect(recordLink('/knowledge/course/7', 'zh')).toEqual({ href: '/knowledge/course/7', external: false });
    expect(recordLink('/knowledge/course/7?x=1#c', 'en')).toEqual({ href: '/en/knowledge/course/7?x=1#c', external: false });
    expect(recordLink('/en/exam', 'zh')).toEqual({ href: '/exam', external: false });
  });

  it('opens http(s) addresses in a new tab', () => {
    expect(recordLink(' https://example.com/a ', 'zh')).toEqual({ href: 'https://example.com/a', external: true });
  });

  it('refuses everything else', () => {
    for (const bad of ['', '  ', null, undefined, 'javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'mailto:a@b.c', 'relative/path']) {
      expect(recordLink(bad, 'zh'), String(bad)).toBeNull();
    }
  });
});
