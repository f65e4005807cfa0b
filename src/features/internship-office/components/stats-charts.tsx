import { useElementWidth } from '@/hooks/use-element-width.ts';
import { countTicks } from '@/lib/chart-scale.ts';
import '../stats.css';

const HEIGHT = 240;
const PAD = { top: 20, right: 12, bottom: 30, left: 40 };
const PERCENT_TICKS = [0, 25, 50, 75, 100];

export interface ChartSeries {
  label: string;
  /** stats-chart__bar--<tone>: the bar's colour. */
  tone: 'blue' | 'green' | 'orange' | 'red' | 'grey';
}

export interface ChartGroup {
  key: string;
  label: string;
  /** One value per series; null draws no bar (a rate with nothing to divide by). */
  values: (number | null)[];
  /** Where each bar leads (the list behind the figure), per series. */
  links?: (string | null)[];
}

/**
 * Grouped bars drawn by hand in SVG, as the dashboard's visit chart (no chart library): counts on a 1-2-5
 * axis or percentages on 0–100. Each bar with a link is one: it opens the list behind the figure.
 */
export function BarChart({ groups, series, percent = false, label }: { groups: ChartGroup[]; series: ChartSeries[]; percent?: boolean; label: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const values = groups.flatMap((g) => g.values.filter((v): v is number => v !== null));
  const ticks = percent ? PERCENT_TICKS : countTicks(Math.max(0, ...values));
  const top = ticks.at(-1)!;
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = groups.length ? plotWidth / groups.length : 0;
  const bar = Math.max(4, Math.min(28, (slot - 12) / series.length));
  const y = (value: number) => PAD.top + plotHeight - (Math.min(value, top) / top) * plotHeight;
  const shown = (value: number) => (percent ? `${value}%` : String(value));
  const summary = groups.map((g) => `${g.label} ${series.map((s, i) => `${s.label}${g.values[i] === null ? '—' : shown(g.values[i]!)}`).join('、')}`).join('；');

  return (
    <figure className="stats-chart">
      <figcaption className="stats-chart__legend">
        {series.map((s) => (
          <span key={s.label} className="stats-chart__legend-item">
            <span className={`stats-chart__swatch stats-chart__bar--${s.tone}`} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
      <div ref={ref} className="stats-chart__canvas">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="group" aria-label={`${label}：${summary}`}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="stats-chart__grid" />
                <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="stats-chart__axis">
                  {shown(tick)}
                </text>
              </g>
            ))}
            {groups.map((group, i) => {
              const center = PAD.left + slot * i + slot / 2;
              const left = center - (bar * series.length) / 2;
              return (
                <g key={group.key}>
                  {series.map((s, j) => {
                    const value = group.values[j];
                    if (value === null || value === undefined) return null;
                    const x = left + bar * j;
                    const title = `${group.label} ${s.label}：${shown(value)}`;
                    const drawn = (
                      <>
                        <rect x={x + 1} y={y(value)} width={bar - 2} height={Math.max(0, y(0) - y(value))} rx={2} className={`stats-chart__bar stats-chart__bar--${s.tone}`}>
                          <title>{title}</title>
                        </rect>
                        <text x={x + bar / 2} y={y(value) - 4} textAnchor="middle" className="stats-chart__value">
                          {shown(value)}
                        </text>
                      </>
                    );
                    const link = group.links?.[j];
                    return link ? (
                      <a key={s.label} href={`#${link}`} aria-label={title} className="stats-chart__link">
                        {drawn}
                      </a>
                    ) : (
                      <g key={s.label}>{drawn}</g>
                    );
                  })}
                  <text x={center} y={HEIGHT - 10} textAnchor="middle" className="stats-chart__axis">
                    {group.label.length > 8 ? `${group.label.slice(0, 7)}…` : group.label}
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

export default BarChart;
