import { usesWelcomePage } from '@/lib/landing.ts';

/** What /welcome shows (SPEC.md sections 1 and 2). */
export type WelcomeView =
  /** Nobody logged in (the digital campus's landing page): a greeting and the way to log in. */
  | 'anonymous'
  /** Users of type 1 or 2 on the digital campus: the welcome page, full width, without the left menu. */
  | 'full'
  /** Everyone else logged in has the left menu: they go to the home page of the shell. */
  | 'home';

export function welcomeView({ hasToken, digitalCampus, yhlx }: { hasToken: boolean; digitalCampus: boolean; yhlx: string | null | undefined }): WelcomeView {
  if (!hasToken) return 'anonymous';
  return usesWelcomePage(digitalCampus, yhlx) ? 'full' : 'home';
}

/** The welcome bell's 查看更多: the message list in a new browser tab (hash routing, same app). */
export const userMessageListUrl = (location: Pick<Location, 'origin' | 'pathname' | 'search'>, path: string) =>
  `${location.origin}${location.pathname}${location.search}#${path}`;
