import { useNavigate } from 'react-router-dom';
import './exception.css';

export type ExceptionStatus = '403' | '404' | '500';

const DESCRIPTIONS: Record<ExceptionStatus, string> = {
  '403': '抱歉，你无权访问该页面',
  '404': '抱歉，你访问的页面不存在',
  '500': '抱歉，服务器出错了',
};

/**
 * One exception page (403, 404, 500) in plain markup, so the phone loads no UI library for it. It sets
 * no page title: in the shell the menu's title is used, and the standalone pages set their own.
 */
export function ExceptionView({ status }: { status: ExceptionStatus }) {
  const navigate = useNavigate();
  return (
    <section className={`exception exception--${status}`} aria-labelledby="exception-title">
      <svg className="exception__picture" viewBox="0 0 120 80" aria-hidden="true">
        <rect x="8" y="10" width="104" height="62" rx="8" className="exception__screen" />
        <rect x="8" y="10" width="104" height="12" rx="6" className="exception__bar" />
        <circle cx="18" cy="16" r="2.5" className="exception__dot" />
        <circle cx="26" cy="16" r="2.5" className="exception__dot" />
        <circle cx="34" cy="16" r="2.5" className="exception__dot" />
        <text x="60" y="56" textAnchor="middle" className="exception__code">
          {status}
        </text>
      </svg>
      <h1 id="exception-title" className="exception__title">
        {status}
      </h1>
      <p className="exception__description">{DESCRIPTIONS[status]}</p>
      <button type="button" className="exception__button" onClick={() => navigate('/', { replace: true })}>
        返回首页
      </button>
    </section>
  );
}
