/**
 * The Add/Update Fuel Station form. Fields are the strings and choices the inputs hold plus the
 * chosen image; validation builds the body and runs the contract's schema on it, and adds the rule
 * that a location has both coordinates or neither, and opening hours both times or neither. The body travels as multipart form data, with
 * one `availableFuels` field per fuel and the picture in `image`.
 */
import { z } from 'zod';
import {
  MESSAGES,
  SOLD_FUEL_TYPES,
  fuelStationCreateBodySchema,
  fuelStationUpdateBodySchema,
  type FuelStation,
  type SoldFuelType,
} from '@fleetfuel/contract';
import { imageFileError } from '@/lib/image-file';

export type StationFormMode = 'create' | 'edit';

const formFieldsSchema = z.object({
  name: z.string(),
  address: z.string(),
  /** One of the contract's Nigerian states, or '' for none. */
  state: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  status: z.string(),
  availableFuels: z.array(z.string()),
  opensAt: z.string(),
  closesAt: z.string(),
  image: z.custom<File | null>((value) => value === null || value instanceof Blob),
});

export type StationFormValues = z.infer<typeof formFieldsSchema>;

export const COORDINATES_TOGETHER_MESSAGE = 'Give both latitude and longitude, or neither';
export const HOURS_TOGETHER_MESSAGE = 'Enter both the opening and the closing time, or neither';

function draftBody(values: StationFormValues) {
  return {
    name: values.name,
    address: values.address,
    state: values.state,
    latitude: values.latitude.trim(),
    longitude: values.longitude.trim(),
    status: values.status,
    availableFuels: values.availableFuels,
    opensAt: values.opensAt.trim(),
    closesAt: values.closesAt.trim(),
  };
}

export function stationFormSchema(mode: StationFormMode) {
  const bodySchema = mode === 'create' ? fuelStationCreateBodySchema : fuelStationUpdateBodySchema;
  return formFieldsSchema.superRefine((values, ctx) => {
    if (values.status === '') ctx.addIssue({ code: 'custom', path: ['status'], message: MESSAGES.required });
    const hasLatitude = values.latitude.trim() !== '';
    const hasLongitude = values.longitude.trim() !== '';
    if (hasLatitude !== hasLongitude) {
      // Said beside the coordinate that was given: that is the field the user has just touched.
      ctx.addIssue({ code: 'custom', path: [hasLatitude ? 'latitude' : 'longitude'], message: COORDINATES_TOGETHER_MESSAGE });
    }
    const hasOpening = values.opensAt.trim() !== '';
    if (hasOpening !== (values.closesAt.trim() !== '')) {
      ctx.addIssue({ code: 'custom', path: [hasOpening ? 'closesAt' : 'opensAt'], message: HOURS_TOGETHER_MESSAGE });
    }
    // An edit may not drop every fuel either: a station sells at least one.
    if (values.availableFuels.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['availableFuels'], message: 'Choose at least one fuel type' });
    }
    const imageError = imageFileError(values.image);
    if (imageError) ctx.addIssue({ code: 'custom', path: ['image'], message: imageError });
    const result = bodySchema.safeParse(draftBody(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [field] = issue.path;
      if (field === 'status' && values.status === '') continue;
      if (field === 'availableFuels' && values.availableFuels.length === 0) continue;
      ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
    }
  });
}

export function toStationFormData(values: StationFormValues): FormData {
  const body = draftBody(values);
  const form = new FormData();
  form.append('name', body.name.trim());
  form.append('address', body.address.trim());
  form.append('state', body.state);
  form.append('latitude', body.latitude);
  form.append('longitude', body.longitude);
  form.append('status', body.status);
  form.append('opensAt', body.opensAt);
  form.append('closesAt', body.closesAt);
  // Repeated fields, in the order of the fuel list, whatever order they were ticked in.
  for (const fuel of SOLD_FUEL_TYPES) if (body.availableFuels.includes(fuel)) form.append('availableFuels', fuel);
  if (values.image) form.append('image', values.image);
  return form;
}

export function emptyStationForm(): StationFormValues {
  return {
    name: '',
    address: '',
    state: '',
    latitude: '',
    longitude: '',
    status: 'ACTIVE',
    availableFuels: [],
    opensAt: '',
    closesAt: '',
    image: null,
  };
}

export function stationToForm(station: FuelStation): StationFormValues {
  return {
    name: station.name,
    address: station.address ?? '',
    state: station.state ?? '',
    latitude: station.latitude === null ? '' : String(station.latitude),
    longitude: station.longitude === null ? '' : String(station.longitude),
    status: station.status,
    availableFuels: [...station.availableFuels],
    opensAt: station.opensAt ?? '',
    closesAt: station.closesAt ?? '',
    image: null,
  };
}

/** "85048910-0b6c-…" → "85048910": enough to tell stations apart at a glance. */
export function shortId(id: string): string {
  return id.split('-')[0]?.toUpperCase() ?? id;
}

export function isSoldFuelType(value: string): value is SoldFuelType {
  return (SOLD_FUEL_TYPES as readonly string[]).includes(value);
}
