import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import '../account.css';

export const SETTINGS_SECTIONS = [
  { key: 'base', title: '基本设置' },
  { key: 'security', title: '安全设置' },
  { key: 'custom', title: '个性化设置' },
  { key: 'binding', title: '账户绑定' },
  { key: 'notification', title: '新消息通知' },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['key'];

/** 个人设置: the five sections in a side navigation (a row of tabs on the phone) and the chosen one. */
export function SettingsLayout({ section, children }: { section: SettingsSection; children: ReactNode }) {
  const title = SETTINGS_SECTIONS.find((s) => s.key === section)!.title;
  return (
    <div className="account-settings">
      <nav className="account-settings__nav" aria-label="个人设置">
        <ul>
          {SETTINGS_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={`${paths.accountSettings}/${s.key}`}>{s.title}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="account-settings__body" aria-labelledby="settings-title">
        <h2 id="settings-title" className="account-settings__title">
          {title}
        </h2>
        {children}
      </section>
    </div>
  );
}
