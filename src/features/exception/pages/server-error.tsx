import { usePageTitle } from '@/hooks/use-page-title.ts';
import { ExceptionView } from '../components/exception-view.tsx';

/** 500 on its own page (/500): 抱歉，服务器出错了. */
export default function ServerErrorPage() {
  usePageTitle('500');
  return <ExceptionView status="500" />;
}
