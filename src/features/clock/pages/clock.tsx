import { useEffect, useState } from 'react';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import dayjs from '@/lib/dayjs.ts';
import { greetingAt } from '@/lib/greeting.ts';
import './clock.css';

/** The next whole second, so the display changes together with the system clock. */
const untilNextSecond = () => 1000 - (Date.now() % 1000);

/** /clock: a big live clock with the Chinese date, for a classroom or hall screen (no login needed). */
export default function ClockPage() {
  usePageTitle('时钟');
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(dayjs());
      timer = setTimeout(tick, untilNextSecond());
    };
    timer = setTimeout(tick, untilNextSecond());
    return () => clearTimeout(timer);
  }, []);
  return (
    <main className="clock">
      <time className="clock__time" dateTime={now.format('HH:mm:ss')} aria-live="off">
        {now.format('HH:mm')}
        <span className="clock__seconds">{now.format(':ss')}</span>
      </time>
      <p className="clock__date">{now.format('YYYY年M月D日 dddd')}</p>
      <p className="clock__greeting">{greetingAt(now.hour())}</p>
    </main>
  );
}
