/**
 * The page-load progress bar's logic (spec section 9: throttle 200 ms, duration 5000 ms, hide
 * delay 500 ms), free of any framework: the renderer draws `state` whenever `onChange` fires.
 *
 * - `start()` shows the bar only if loading lasts longer than the throttle, so fast loads
 *   never flash it.
 * - While shown, the value creeps towards 100 along an arctangent curve scaled by the
 *   duration (about 70 at the duration) and never reaches it on its own.
 * - `done()` fills it to 100 and hides it after the hide delay.
 */

export interface ProgressState {
  visible: boolean;
  /** 0 to 100. */
  value: number;
}

export interface ProgressOptions {
  onChange: (state: ProgressState) => void;
  throttle?: number;
  duration?: number;
  hideDelay?: number;
  /** How often the value advances while loading, in ms. */
  tick?: number;
}

export interface ProgressController {
  start(): void;
  done(): void;
  readonly state: ProgressState;
}

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;

/** @example estimatedProgress(5000, 5000) ≈ 70.5; estimatedProgress(0, 5000) → 0 */
export function estimatedProgress(elapsed: number, duration: number): number {
  const percent = (elapsed / duration) * 100;
  return Math.min(99, Math.max(0, (200 / Math.PI) * Math.atan(percent / 50)));
}

export function createProgress({
  onChange,
  throttle = PROGRESS_THROTTLE_MS,
  duration = PROGRESS_DURATION_MS,
  hideDelay = PROGRESS_HIDE_DELAY_MS,
  tick = 100,
}: ProgressOptions): ProgressController {
  let state: ProgressState = { visible: false, value: 0 };
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let stepTimer: ReturnType<typeof setInterval> | undefined;
  let startedAt = 0;

  const emit = (next: ProgressState) => {
    if (next.visible === state.visible && next.value === state.value) return;
    state = next;
    onChange(state);
  };

  const stop = () => {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    clearInterval(stepTimer);
    showTimer = hideTimer = stepTimer = undefined;
  };

  return {
    get state() {
      return state;
    },
    start() {
      stop();
      startedAt = Date.now();
      if (state.visible) emit({ visible: true, value: 0 });
      showTimer = setTimeout(() => {
        emit({ visible: true, value: estimatedProgress(Date.now() - startedAt, duration) });
        stepTimer = setInterval(() => {
          emit({ visible: true, value: estimatedProgress(Date.now() - startedAt, duration) });
        }, tick);
      }, throttle);
    },
    done() {
      const shown = state.visible;
      stop();
      if (!shown) {
        emit({ visible: false, value: 0 });
        return;
      }
      emit({ visible: true, value: 100 });
      hideTimer = setTimeout(() => emit({ visible: false, value: 0 }), hideDelay);
    },
  };
}
