import type { VisitDay } from '@contract/log.ts';
import { useElementWidth } from '@/hooks/use-element-width.ts';
import { countTicks } from '@/lib/chart-scale.ts';
import './dashboard.css';

const HEIGHT = 240;
const PAD = { top: 20, right: 12, bottom: 28, left: 36 };
const SERIES = [
  { key: 'visit', label: '访问量', className: 'visit-chart__bar--visit' },
  { key: 'ip', label: 'IP', className: 'visit-chart__bar--ip' },
] as const;

/** The last 7 days' visits and distinct addresses as grouped bars: a hand-drawn SVG, no chart library. */
export function VisitChart({ days }: { days: VisitDay[] }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const ticks = countTicks(Math.max(0, ...days.map((d) => Math.max(d.visit, d.ip))));
  const top = ticks.at(-1)!;
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = days.length ? plotWidth / days.length : 0;
  const bar = Math.max(4, Math.min(28, (slot - 12) / 2));
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const summary = days.map((d) => `${d.tian} 访问量${d.visit}、IP${d.ip}`).join('；');

  return (
    <figure className="visit-chart">
      <figcaption className="visit-chart__legend">
        {SERIES.map((s) => (
          <span key={s.key} className="visit-chart__legend-item">
            <span className={`visit-chart__swatch ${s.className}`} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
      <div ref={ref} className="visit-chart__canvas">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label={`最近7天访问：${summary}`}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="visit-chart__grid" />
                <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="visit-chart__axis">
                  {tick}
                </text>
              </g>
            ))}
            {days.map((day, i) => {
              const center = PAD.left + slot * i + slot / 2;
              return (
                <g key={day.type}>
                  {SERIES.map((s, j) => {
                    const value = day[s.key];
                    const x = center + (j === 0 ? -bar - 1 : 1);
                    return (
                      <g key={s.key}>
                        <rect x={x} y={y(value)} width={bar} height={Math.max(0, y(0) - y(value))} rx={2} className={`visit-chart__bar ${s.className}`}>
                          <title>{`${day.type} ${s.label}：${value}`}</title>
                        </rect>
                        {value > 0 && (
                          <text x={x + bar / 2} y={y(value) - 4} textAnchor="middle" className="visit-chart__value">
                            {value}
                          </text>
                        )}
                      </g>
                    );
                  })}
                  <text x={center} y={HEIGHT - 8} textAnchor="middle" className="visit-chart__axis">
                    {day.tian}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </div>
    </figure>
  );
}
