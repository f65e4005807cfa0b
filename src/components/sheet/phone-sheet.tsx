import type { ReactNode } from 'react';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { Popup } from './popup.tsx';
import './phone-sheet.css';

export interface PhoneSheetProps {
  open: boolean;
  /** The title bar's words and the dialog's name. */
  title: string;
  /** Called by the title bar's back arrow, the back button and the mask. */
  onClose: () => void;
  /** A detail's grey page with white cards on it, rather than a form's white one. */
  shaded?: boolean;
  /** Added to the sheet (the screen's own styles). */
  className?: string;
  /** Added to the body below the title bar (its padding, its layout). */
  bodyClassName?: string;
  /** Right of the title. */
  right?: ReactNode;
  children?: ReactNode;
}

/**
 * A full-screen sheet of the phone layout (antd-mobile only): it slides in from the right with the
 * phone's title bar and its back arrow, is one history entry like every sheet (Popup), and is a named
 * dialog. Its content mounts as it opens and goes as it closes.
 */
export function PhoneSheet({ open, title, onClose, shaded, className, bodyClassName, right, children }: PhoneSheetProps) {
  const sheetClass = ['phone-sheet', shaded && 'phone-sheet--shaded', className].filter(Boolean).join(' ');
  return (
    <Popup visible={open} position="right" onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName={sheetClass}>
      <div role="dialog" aria-modal="true" aria-label={title} className="phone-sheet__dialog">
        <PhoneNavBar onBack={onClose} right={right}>
          {title}
        </PhoneNavBar>
        <div className={bodyClassName ? `phone-sheet__body ${bodyClassName}` : 'phone-sheet__body'}>{children}</div>
      </div>
    </Popup>
  );
}
