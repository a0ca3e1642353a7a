import { PlannedPage } from './PlannedPage';

export function FuelPage() {
  return (
    <PlannedPage
      title="Fuel Tracking"
      upcoming="fuel requests with their approval, coupon downloads and QR codes"
    />
  );
}

export function GenerateCouponPage() {
  return <PlannedPage title="Generate Coupon" upcoming="the fuel request form that yields a coupon once approved" />;
}
