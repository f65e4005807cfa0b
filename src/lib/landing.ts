import { paths } from '@/config/paths.ts';

/** On the digital campus, students (yhlx 1) and enterprise mentors (yhlx 2) use the welcome page without the left menu. */
export const usesWelcomePage = (digitalCampus: boolean, yhlx: string | null | undefined): boolean => digitalCampus && (yhlx === '1' || yhlx === '2');

/** Where a login lands when no page was asked for: the welcome page for those users, else the workplace. */
export const landingPath = (digitalCampus: boolean, yhlx: string | null | undefined): string => (usesWelcomePage(digitalCampus, yhlx) ? paths.welcome : paths.workplace);
