import { List } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { figureText, type StatSection } from './stat-figure.ts';
import './stat-figures.css';

/** Figures on the phone (antd-mobile only): a list under its header, the figure at each row's right, a tap to its list (where it has one). */
export function StatFiguresPhone({ header, figures }: StatSection) {
  const navigate = useNavigate();
  return (
    <List header={header}>
      {figures.map((figure) => (
        <List.Item key={figure.key} onClick={figure.to ? () => navigate(figure.to!) : undefined} description={figure.description} extra={<span className="stat-figures-phone__value">{figureText(figure)}</span>}>
          {figure.label}
        </List.Item>
      ))}
    </List>
  );
}
