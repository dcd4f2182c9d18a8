import { describe, expect, it } from 'vitest';
import type { StudyDynamic } from '@/api/learning-types';
import { activityTarget, sentenceParts } from '@/components/player/activity';
import { playerEn, playerZh } from '@/i18n/sections/player';

const dynamic = (over: Partial<StudyDynamic>): StudyDynamic => ({
  id: 'd1',
  kind: 1,
  courseId: null,
  courseName: '',
  itemId: null,
  itemName: '',
  projectId: null,
  projectName: '',
  liveRoomId: null,
  liveRoomName: '',
  userName: '',
  headPortrait: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('sentenceParts', () => {
  it('splits a template around its slots', () => {
    expect(sentenceParts('完成了课程《{course}》中的「{item}」')).toEqual([
      { text: '完成了课程《' },
      { slot: 'course' },
      { text: '》中的「' },
      { slot: 'item' },
      { text: '」' },
    ]);
    expect(sentenceParts('{course}')).toEqual([{ slot: 'course' }]);
    expect(sentenceParts('no slots')).toEqual([{ text: 'no slots' }]);
  });

  it('finds in each kind’s sentence the slot of the object it links to', () => {
    const targets = { 1: 'course', 2: 'course', 3: 'course', 4: 'project', 5: 'live' } as const;
    for (const kind of [1, 2, 3, 4, 5] as const) {
      const slot = activityTarget(dynamic({ kind }), 'zh').slot;
      expect(slot).toBe(targets[kind]);
      for (const dict of [playerZh, playerEn]) {
        expect(sentenceParts(dict[`player.activity.${kind}`])).toContainEqual({ slot });
      }
    }
  });
});

describe('activityTarget', () => {
  it('links courses to their detail page, projects and live rooms to theirs, in the page language', () => {
    expect(activityTarget(dynamic({ kind: 2, courseId: 'c1', courseName: 'Onboarding', itemId: 'i1', itemName: 'Welcome' }), 'en')).toEqual({
      slot: 'course',
      name: 'Onboarding',
      href: '/en/knowledge/course/c1',
    });
    expect(activityTarget(dynamic({ kind: 4, projectId: 'p1', projectName: '训练营' }), 'zh')).toEqual({
      slot: 'project',
      name: '训练营',
      href: '/knowledge/project/p1',
    });
    expect(activityTarget(dynamic({ kind: 5, liveRoomId: 'r1', liveRoomName: '见面会' }), 'zh').href).toBe('/live/watch/r1');
  });

  it('gives no link when the object is gone', () => {
    expect(activityTarget(dynamic({ kind: 5 }), 'en')).toEqual({ slot: 'live', name: '', href: undefined });
    expect(activityTarget(dynamic({ kind: 1, courseId: 'c1' }), 'en').href).toBeUndefined();
  });
});
