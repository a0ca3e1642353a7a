import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FuelRequestForm } from './FuelRequestForm';

export interface GenerateCouponModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The Generate Coupon modal of Fuel Tracking; full screen on a phone, where the form is long. */
export function GenerateCouponModal({ opened, onClose }: GenerateCouponModalProps) {
  const phone = useMediaQuery('(max-width: 575px)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title="Generate Coupon" size="lg" centered fullScreen={phone}>
      {opened && <FuelRequestForm onDone={onClose} onCancel={onClose} />}
    </Modal>
  );
}
