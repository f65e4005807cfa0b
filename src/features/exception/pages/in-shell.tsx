import { ExceptionView } from '../components/exception-view.tsx';

/** The exception pages as menu pages (/exception/403, 404, 500): the shell gives them their title. */
export const Forbidden = () => <ExceptionView status="403" />;
export const NotFound = () => <ExceptionView status="404" />;
export const ServerError = () => <ExceptionView status="500" />;
