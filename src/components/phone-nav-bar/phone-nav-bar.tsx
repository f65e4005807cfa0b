import type { ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import './phone-nav-bar.css';

interface PhoneNavBarProps {
  /** Shows the back arrow, which calls this. */
  onBack?: () => void;
  /** Words beside the arrow (the arrow alone is named 返回). */
  backText?: string;
  right?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** antd-mobile gives the bar's left area role=button, with no name and even when it holds nothing. */
const dropLeftRole = (marker: HTMLElement | null) => marker?.parentElement?.removeAttribute('role');

/**
 * The phone's title bar: antd-mobile's NavBar with a real back button. antd-mobile's own back is a
 * plain div in a nameless role=button, which a screen reader announces as "按钮" and the keyboard
 * cannot reach; here it is a <button> named 返回 in a plain container.
 */
export function PhoneNavBar({ onBack, backText, right, className, children }: PhoneNavBarProps) {
  return (
    <NavBar
      className={className}
      back={null}
      right={right}
      left={
        <span className="phone-nav-bar__left" ref={dropLeftRole}>
          {onBack && (
            <button type="button" className="adm-nav-bar-back phone-nav-bar__back" aria-label={backText ? undefined : '返回'} onClick={onBack}>
              <span className="adm-nav-bar-back-arrow" aria-hidden="true">
                <LeftOutline />
              </span>
              {backText}
            </button>
          )}
        </span>
      }
    >
      {children}
    </NavBar>
  );
}
