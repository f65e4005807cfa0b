import { Link } from 'react-router-dom';
import { figureText, type StatFigure } from './stat-figure.ts';
import './stat-figures.css';

function FigureContent({ figure }: { figure: StatFigure }) {
  return (
    <>
      <span className="stat-figures__label">{figure.label}</span>
      <strong className={figure.warn ? 'stat-figures__value stat-figures__value--warn' : 'stat-figures__value'}>{figureText(figure)}</strong>
    </>
  );
}

/** Figures as a row of cards (desktop and tablet), each card a link to its list (where it has one); the row is a list named by its label. */
export function StatFigures({ label, figures }: { label: string; figures: readonly StatFigure[] }) {
  return (
    <ul className="stat-figures" aria-label={label}>
      {figures.map((figure) => (
        <li key={figure.key}>
          {figure.to ? (
            <Link to={figure.to} className="stat-figures__card">
              <FigureContent figure={figure} />
            </Link>
          ) : (
            <span className="stat-figures__card">
              <FigureContent figure={figure} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
