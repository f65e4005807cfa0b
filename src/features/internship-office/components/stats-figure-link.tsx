import { Link } from 'react-router-dom';
import { formatCount } from '@/lib/chart-scale.ts';

/** A figure of a table (antd pages): the count as a link to the list behind it, named by what it counts; plain without a list. */
export function FigureLink({ value, to, label }: { value: number; to: string | null; label: string }) {
  if (!to) return <span className="stats__figure">{formatCount(value)}</span>;
  return (
    <Link to={to} className="stats__figure" aria-label={`${label} ${value}`}>
      {formatCount(value)}
    </Link>
  );
}
