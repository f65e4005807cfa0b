/** Every route path the app names in code; menu routes come from the server. */
export const paths = {
  login: '/user/login',
  register: '/user/register',
  registerResult: '/user/register-result',
  alteration: '/user/alteration',
  retrieve: '/user/retrieve',
  workplace: '/dashboard/workplace',
  analysis: '/dashboard/analysis',
  welcome: '/welcome',
  sysInfo: '/common/sys_info',
  notFound: '/404',
} as const;

/** Reachable without login (SPEC.md section 2). */
export const WHITELIST: readonly string[] = [
  paths.login,
  paths.register,
  paths.registerResult,
  paths.alteration,
  paths.retrieve,
  paths.sysInfo,
  '/clock',
  '/screen',
  '/detail-page',
  '/message-list',
];
