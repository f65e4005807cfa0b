import { lazy, Suspense, useState } from 'react';
import type { ImportModalProps } from './import-modal.tsx';

const ImportModal = lazy(() => import('./import-modal.tsx'));

/**
 * The import dialog, loaded (with antd) only the first time it opens: a page can always render
 * this, and phones that never open it never load it.
 */
export function ImportModalLazy(props: ImportModalProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ImportModal {...props} />
    </Suspense>
  );
}
