import { describe, expect, it } from 'vitest';
import { isPlayedStep, parseVideoConfig } from '@/components/player/video-config';

describe('parseVideoConfig', () => {
  it('merges the config with playUrls, HLS first, without duplicates', () => {
    const s = parseVideoConfig(
      [{ url: '/v.mp4', type: 'mp4' }],
      JSON.stringify({ poster: '/p.jpg', startTime: 5, autoplay: true, playUrls: [{ url: '/v.m3u8' }, { url: '/v.mp4' }] }),
    );
    expect(s.sources).toEqual([
      { url: '/v.m3u8', type: 'hls' },
      { url: '/v.mp4', type: 'mp4' },
    ]);
    expect(s).toMatchObject({ poster: '/p.jpg', startTime: 5, autoplay: true, muted: false });
  });

  it('survives malformed or hostile configs', () => {
    for (const text of ['', 'not json', '[1,2]', 'null', '{"startTime":"x","playbackRates":[0,-1,"2",99]}']) {
      const s = parseVideoConfig([], text);
      expect(s).toMatchObject({ sources: [], startTime: 0, autoplay: false });
      expect(s.playbackRates).toBeUndefined();
    }
  });

  it('keeps sane playback rates', () => {
    expect(parseVideoConfig([], '{"playbackRates":[1,2,3]}').playbackRates).toEqual([1, 2, 3]);
  });
});

describe('isPlayedStep', () => {
  it('tells playback from seeks', () => {
    expect(isPlayedStep(10, 10.4, 1)).toBe(true);
    expect(isPlayedStep(10, 12.9, 2)).toBe(true);
    expect(isPlayedStep(10, 13.1, 2)).toBe(false);
    expect(isPlayedStep(10, 30, 2)).toBe(false);
    expect(isPlayedStep(10, 9, 1)).toBe(false);
  });
});
