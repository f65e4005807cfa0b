import { useDictLabel } from '@/hooks/use-dict-items.ts';
import './dict-label.css';

/** Stands in for a label not known yet: a grey bar, read out as 加载中 (plain markup, both layouts). */
export function PendingLabel() {
  return (
    <span className="dict-label--pending" aria-busy="true">
      <span className="dict-label__bar" aria-hidden="true" />
      <span className="dict-label__hidden">加载中</span>
    </span>
  );
}

/** A dictionary value shown by its label, a placeholder until the dictionary is known (never the raw code meanwhile). */
export function DictLabel({ dictCode, value }: { dictCode: string; value: unknown }) {
  const { text, pending } = useDictLabel(dictCode, value);
  return pending ? <PendingLabel /> : <>{text}</>;
}
