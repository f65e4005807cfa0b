import { Link } from 'react-router-dom';
import { figureText, type StatFigure } from './stat-figure.ts';
import './stat-figures.css';

/** Figures as a row of cards (desktop and tablet), each card a link to its list; the row is a list named by its label. */
export function StatFigures({ label, figures }: { label: string; figures: readonly StatFigure[] }) {
  return (
    <ul className="stat-figures" aria-label={label}>
      {figures.map((figure) => (
        <li key={figure.key}>
          <Link to={figure.to} className="stat-figures__card">
            <span className="stat-figures__label">{figure.label}</span>
            <strong className={figure.warn ? 'stat-figures__value stat-figures__value--warn' : 'stat-figures__value'}>{figureText(figure)}</strong>
          </Link>
        </li>
      ))}
    </ul>
  );
}
