import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorView, errorMessageKeys } from '@/components/error/ErrorView';
import { pickMessages } from '@/i18n/index';

const messages = pickMessages('en', errorMessageKeys);

describe('ErrorView', () => {
  it('shows 500 and Error by default, without the home link', () => {
    const html = renderToStaticMarkup(<ErrorView homeHref="/en" messages={messages} />);
    expect(html).toContain('500');
    expect(html).toContain('>Error</h1>');
    expect(html).not.toContain('Back to the home page');
  });

  it('shows the not-found text and the link home for 404', () => {
    const html = renderToStaticMarkup(<ErrorView status={404} homeHref="/en" messages={messages} />);
    expect(html).toContain('This page could not be found');
    expect(html).toContain('<a href="/en"');
    expect(html).toContain('Back to the home page');
  });

  it('shows a given message', () => {
    const html = renderToStaticMarkup(<ErrorView status={503} message="Down for maintenance" homeHref="/" messages={messages} />);
    expect(html).toContain('503');
    expect(html).toContain('Down for maintenance');
  });
});
