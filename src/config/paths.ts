/** Every route path the app names in code; menu routes come from the server. */
export const paths = {
  login: '/user/login',
  register: '/user/register',
  registerResult: '/user/register-result',
  alteration: '/user/alteration',
  retrieve: '/user/retrieve',
  /** 文件核验: a printed document's code, checked without logging in. */
  verifyDocument: '/user/verify',
  workplace: '/dashboard/workplace',
  analysis: '/dashboard/analysis',
  monitor: '/dashboard/monitor',
  welcome: '/welcome',
  /** 我的周记: where the student's queued records are shown and corrected. */
  myWeekly: '/internship/weekly',
  /** 实习记录批阅: every kind's records waiting for the adviser (?kind=weekly by default). */
  recordReview: '/internship/review',
  sysInfo: '/common/sys_info',
  notFound: '/404',
  forbidden: '/403',
  serverError: '/500',
  exception403: '/exception/403',
  exception404: '/exception/404',
  exception500: '/exception/500',
  accountCenter: '/account/center',
  accountSettings: '/account/settings',
  clock: '/clock',
  screen: '/screen',
  detailPage: '/detail-page',
  messageList: '/message-list',
  userMessageList: '/user-message-list',
} as const;

/** Reachable without login (SPEC.md section 2); the exception pages too, they show nobody's data. */
export const WHITELIST: readonly string[] = [
  paths.login,
  paths.register,
  paths.registerResult,
  paths.alteration,
  paths.retrieve,
  paths.verifyDocument,
  paths.sysInfo,
  paths.clock,
  paths.screen,
  paths.detailPage,
  paths.messageList,
  paths.forbidden,
  paths.serverError,
];
