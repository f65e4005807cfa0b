/**
 * When a student really acted. A record written offline reaches the server when the phone finds a
 * network, minutes or days later, so the outbox sends the device's time of the act with it. Device
 * clocks can be wrong, so the device also sends its clock at sending: the difference to the server's
 * clock corrects the act's time, and what still lies in the future or too far back is clamped and
 * flagged instead of trusted.
 */

/** The device's clock when the user acted (ISO 8601). */
export const DEVICE_ACTED_AT_HEADER = 'X-Device-Acted-At';
/** The device's clock when it sent the request (ISO 8601). */
export const DEVICE_CLOCK_HEADER = 'X-Device-Clock';

/** Differences below this are network time and ordinary clock drift, not worth a word. */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;
/** An outbox may hold a record this long (a placement far from any network); older is not believed. */
export const MAX_OFFLINE_MS = 14 * 86_400_000;

/**
 * - clock-corrected: the device's clock was off by more than the tolerance; its time was corrected.
 * - future: the corrected time lay after the server's receipt; the receipt's time stands.
 * - too-old: the corrected time lay further back than an outbox holds a record (or before the
 *   earliest time the record allows); that bound stands.
 */
export type DeviceTimeFlag = 'clock-corrected' | 'future' | 'too-old';

export interface DeviceTime {
  /** The time to keep as the act's time. */
  actedAt: Date;
  /** The server's time of receipt. */
  receivedAt: Date;
  flag: DeviceTimeFlag | null;
  /** The device's clock minus the server's, in ms (0 when the device did not say). */
  clockOffsetMs: number;
}

const parse = (value: string | undefined | null): Date | null => {
  if (!value || value.length > 40) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The act's time from the device's two readings, on the server's clock. Without readings (another
 * client, an old app) the receipt's time stands, unflagged. notBefore: the earliest time the record
 * allows (e.g. the start of its week).
 */
export function resolveDeviceTime(
  headers: { actedAt?: string | null; deviceClock?: string | null },
  receivedAt: Date,
  notBefore?: Date,
): DeviceTime {
  const acted = parse(headers.actedAt);
  if (!acted) return { actedAt: receivedAt, receivedAt, flag: null, clockOffsetMs: 0 };
  const clock = parse(headers.deviceClock);
  const offset = clock ? clock.getTime() - receivedAt.getTime() : 0;
  const skewed = Math.abs(offset) > CLOCK_TOLERANCE_MS;
  const corrected = acted.getTime() - (skewed ? offset : 0);
  const earliest = Math.max(receivedAt.getTime() - MAX_OFFLINE_MS, notBefore?.getTime() ?? -Infinity);
  // Network time makes a true act look a little later than its receipt; only beyond the tolerance is it the future.
  if (corrected > receivedAt.getTime() + CLOCK_TOLERANCE_MS) return { actedAt: receivedAt, receivedAt, flag: 'future', clockOffsetMs: offset };
  if (corrected < earliest) return { actedAt: new Date(earliest), receivedAt, flag: 'too-old', clockOffsetMs: offset };
  return { actedAt: new Date(Math.min(corrected, receivedAt.getTime())), receivedAt, flag: skewed ? 'clock-corrected' : null, clockOffsetMs: offset };
}

const minutes = (ms: number) => Math.round(Math.abs(ms) / 60_000);
const duration = (ms: number) => {
  const m = minutes(ms);
  if (m < 60) return `${m}分钟`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h}小时${m % 60}分钟` : `${h}小时`;
  return `${Math.round(h / 24)}天`;
};

/**
 * What a reader is told beside 提交时间, or null when the device's time and the receipt agree:
 * when it was sent late from the device, and when the device's clock could not be trusted.
 */
export function submitTimeNote(
  submittedAt: string | null,
  receivedAt: string | null,
  flag: DeviceTimeFlag | null,
  formatTime: (iso: string) => string,
): string | null {
  if (!submittedAt || !receivedAt) return null;
  const lag = new Date(receivedAt).getTime() - new Date(submittedAt).getTime();
  const received = `服务器于 ${formatTime(receivedAt)} 收到`;
  if (flag === 'future') return `手机时间晚于服务器，按服务器收到时间记录`;
  if (flag === 'too-old') return `手机时间过早，已按最早可能的时间记录；${received}`;
  const offline = lag > CLOCK_TOLERANCE_MS ? `离线提交，${duration(lag)}后同步；${received}` : null;
  const clock = flag === 'clock-corrected' ? '手机时钟不准，已按服务器时间校正' : null;
  return [offline, clock].filter(Boolean).join('；') || null;
}
