import { useId, type ReactNode } from 'react';
import './section-form.css';

/** A part of a detail under its own heading, named by it (plain markup: both layouts use it). */
export function TitledSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className ?? 'titled-section'} aria-labelledby={id}>
      <h4 id={id} className="titled-section__title">
        {title}
      </h4>
      {children}
    </section>
  );
}
