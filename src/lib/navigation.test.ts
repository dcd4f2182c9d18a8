// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isInternalNavigation } from './navigation';

const HERE = 'https://learn.example/home?tab=1';

function clickOn(html: string, init: MouseEventInit = {}): MouseEvent {
  document.body.innerHTML = html;
  const target = document.body.querySelector('[data-t]') ?? document.body.firstElementChild!;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('isInternalNavigation', () => {
  it('is true for a plain click on a link to another page of the site', () => {
    expect(isInternalNavigation(clickOn('<a href="/exam">x</a>'), HERE)).toBe(true);
    expect(isInternalNavigation(clickOn('<a href="/home?tab=2"><span data-t>x</span></a>'), HERE)).toBe(true);
  });
  it('is false for the same page, other sites, new tabs, downloads and modified clicks', () => {
    expect(isInternalNavigation(clickOn('<a href="/home?tab=1#top">x</a>'), HERE)).toBe(false);
    expect(isInternalNavigation(clickOn('<a href="https://other.example/">x</a>'), HERE)).toBe(false);
    expect(isInternalNavigation(clickOn('<a href="/exam" target="_blank">x</a>'), HERE)).toBe(false);
    expect(isInternalNavigation(clickOn('<a href="/f.pdf" download>x</a>'), HERE)).toBe(false);
    expect(isInternalNavigation(clickOn('<a href="/exam">x</a>', { ctrlKey: true }), HERE)).toBe(false);
    expect(isInternalNavigation(clickOn('<a href="/exam">x</a>', { button: 1 }), HERE)).toBe(false);
    expect(isInternalNavigation(clickOn('<button>x</button>'), HERE)).toBe(false);
  });
});
