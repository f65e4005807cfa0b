import { usePageTitle } from '@/hooks/use-page-title.ts';
import { ExceptionView } from '../components/exception-view.tsx';

/** 403 on its own page (/403): 抱歉，你无权访问该页面. */
export default function ForbiddenPage() {
  usePageTitle('403');
  return <ExceptionView status="403" />;
}
