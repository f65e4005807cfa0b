import { Popup as MobilePopup, type PopupProps } from 'antd-mobile';
import { useBackCloses } from '@/hooks/use-back-closes.ts';

/**
 * antd-mobile's Popup as every sheet of the phone layout uses it: open, it is one history entry, so the
 * back button closes it (through onClose, else onMaskClick) and going to another page closes it.
 */
export function Popup(props: Omit<PopupProps, 'onMaskClick'> & { onMaskClick?: () => void }) {
  const { visible = false, onClose, onMaskClick } = props;
  useBackCloses(visible, onClose ?? onMaskClick);
  return <MobilePopup {...props} />;
}
