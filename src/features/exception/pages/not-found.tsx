import { usePageTitle } from '@/hooks/use-page-title.ts';
import { ExceptionView } from '../components/exception-view.tsx';

/** 404 on its own page (/404): unknown addresses end here (SPEC.md section 2). */
export default function NotFoundPage() {
  usePageTitle('404');
  return <ExceptionView status="404" />;
}
