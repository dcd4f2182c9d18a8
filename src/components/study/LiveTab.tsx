/** The company's live classes on the train page, by status. */
import type { LiveRoom } from '@/api/learning-types';
import { getLiveRoomPage } from '@/api/live';
import { formatMoment } from '@/components/study/format';
import { FilteredPaged, useFilter } from '@/components/study/train-parts';
import type { TrainTabProps } from '@/components/study/train-tab-props';
import { fill } from '@/i18n/fill';
import { localizePath } from '@/i18n/locale-path';

type LiveFilter = 'all' | '1' | '2' | '3';

const LIVE_TONE = { 1: 'bg-sky-100 text-sky-800', 2: 'bg-red-600 text-white', 3: 'bg-muted text-muted-foreground' };

export function LiveTab({ locale, messages: m }: TrainTabProps) {
  const [filter, setFilter] = useFilter<LiveFilter>(['all', '1', '2', '3']);
  return (
    <FilteredPaged
      messages={m}
      value={filter}
      onChange={setFilter}
      options={[
        { value: 'all', label: m['study.train.allLive'] },
        ...(['2', '1', '3'] as const).map((s) => ({ value: s, label: m[`live.status.${s}`] })),
      ]}
      empty={m['study.train.liveEmpty']}
      load={(page, signal) =>
        getLiveRoomPage(
          {
            pageCurrent: page,
            ...(filter === 'all' ? {} : { liveStatus: Number(filter) as LiveRoom['liveStatus'] }),
          },
          { isShowErrTip: false, signal },
        )
      }
    >
      {(list: LiveRoom[]) => (
        <ul className="grid gap-3">
          {list.map((room) => (
            <li key={room.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border p-4">
              <div className="grid min-w-0 flex-1 gap-1">
                <h2 className="font-medium">
                  <a
                    href={localizePath(`/live/watch/${encodeURIComponent(room.id)}`, locale)}
                    className="outline-none hover:underline focus-visible:underline"
                  >
                    {room.name}
                  </a>
                </h2>
                <p className="text-muted-foreground flex flex-wrap gap-x-4 text-sm">
                  <span className="tabular-nums">
                    {fill(m['study.train.liveStart'], { time: formatMoment(room.startAt) })}
                  </span>
                  {room.lecturer && <span>{fill(m['live.lecturer'], { name: room.lecturer.name })}</span>}
                </p>
              </div>
              <div className="flex items-center gap-2 text-xs font-medium">
                {room.hasPlayback && <span className="rounded-full border px-2 py-0.5">{m['live.playback']}</span>}
                <span className={`rounded-full px-2 py-0.5 ${LIVE_TONE[room.liveStatus]}`}>
                  {m[`live.status.${room.liveStatus}`]}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </FilteredPaged>
  );
}
