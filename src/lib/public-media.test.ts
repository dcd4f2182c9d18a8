import { describe, expect, it } from 'vitest';
import { isPublicMedia } from './public-media';

describe('isPublicMedia', () => {
  it('is true for the covers and home pictures only', () => {
    expect(isPublicMedia('/media/demo/covers/welcome.jpg')).toBe(true);
    expect(isPublicMedia('/media/demo/home/xingchen-banner-1.svg')).toBe(true);
    for (const path of [
      '/media/demo/welcome.mp4',
      '/media/demo/welcome/index.m3u8',
      '/media/demo/floor-plan.png',
      '/media/demo/courseware/culture-handbook.pdf',
      '/media/demo/covers/',
      '/media/demo/covers',
      '/media/demo/covers/../welcome.mp4',
      '/media/demo/covers/..%2Fwelcome.mp4',
      '/media/demo/covers/%2e%2e/welcome.mp4',
      '/media/demo/covers//x.jpg',
      '/media/demo/covers\\..\\welcome.mp4',
      '/files/demo/covers/a.jpg',
    ]) {
      expect([path, isPublicMedia(path)]).toEqual([path, false]);
    }
  });
});
