import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_USERS, mainMenu, signIn, lagosToday, apiHeaders, recordWrites } from './support.js';

/** Set SHOTS_DIR to keep screenshots of the approve dialog at desktop and phone widths, for a person to look at. */
const SHOTS_DIR = process.env.SHOTS_DIR;
const PLATE = 'LND-451-KJ';
// A volume no other journey asks for, so this request's row is the one found. The Hilux holds 80 L:
// at 70% (56 L) another 31.75 L overfills it, so the request is flagged when it is made.
const VOLUME = '31.75';
const NOTE = 'Driver confirmed the gauge is faulty; workshop booked for Friday';

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** A pending, flagged fuel request for the Hilux at Unity Fuels Ikeja, made through the API by the organization admin. */
async function flaggedRequest(request: APIRequestContext, headers: Record<string, string>) {
  const vehicles = await (await request.get(`/api/vehicles?search=${PLATE}`, { headers })).json();
  const vehicle = vehicles.data.find((v: { plateNumber: string }) => v.plateNumber === PLATE);
  const stations = await (await request.get('/api/fuel-requests/fuel-stations', { headers })).json();
  const station = stations.stations.find((s: { name: string }) => s.name === 'Unity Fuels Ikeja');
  const created = await request.post('/api/fuel-requests', {
    headers,
    data: { vehicleId: vehicle.id, stationId: station.id, supplyDate: lagosToday(), volume: Number(VOLUME), currentTankLevel: 70 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id, flags } = (await created.json()).request as { id: string; flags: Array<{ code: string; message: string }> };
  expect(flags.map((flag) => flag.code)).toContain('TANK_OVERFILL');
  return { id, flags };
}

test('the organization admin requires a note for flagged requests, approves one with a note and finds the note in the Audit Log', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = await apiHeaders(request, DEMO_USERS.ADMINISTRATOR);
  const before = (await (await request.get('/api/settings/organization', { headers })).json()).settings as {
    requireNoteForFlaggedApproval: boolean;
  };
  const { id, flags } = await flaggedRequest(request, headers);

  try {
    await signIn(page, DEMO_USERS.ADMINISTRATOR);

    // Settings: the rule is off until the organization turns it on.
    await mainMenu(page).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Organization preferences' });
    await expect(form.getByRole('spinbutton', { name: 'Low balance alert threshold (₦)' })).toHaveValue(/^\d+(\.\d+)?$/);
    const requireNote = form.getByRole('switch', { name: /^Require a note to approve a flagged request/ });
    await expect(requireNote).not.toBeChecked();
    // Mantine lays the switch's transparent input over the whole row, so a click anywhere on it lands there.
    await requireNote.click();
    await expect(requireNote).toBeChecked();
    await shot(page, 'flagged-approval-settings');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Settings Updated!' })).toBeVisible();

    // Fuel Tracking: the flagged row stands out with its count.
    await page.goto('/fuel');
    const row = page
      .getByRole('table', { name: 'Fuel requests' })
      .getByRole('row')
      .filter({ hasText: `${VOLUME} L` });
    await expect(row).toContainText('Pending');
    await expect(row.getByRole('img', { name: `${flags.length} anomaly flags` })).toHaveText(String(flags.length));

    // The dialog lists the flags; Approve pressed without a note sends nothing and asks for one on the note.
    await row.getByRole('button', { name: /^Approve / }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve fuel request' });
    await expect(dialog).toContainText(`Check these ${flags.length} flags before approving`);
    for (const flag of flags) await expect(dialog).toContainText(flag.message);
    const approve = dialog.getByRole('button', { name: 'Approve' });
    const note = dialog.getByRole('textbox', { name: 'Note' });
    await expect(note).toBeVisible();
    await note.fill('   ');
    const writes = recordWrites(page);
    await approve.click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await expect(note).toHaveAttribute('aria-invalid', 'true');
    await expect(note).toBeFocused();
    expect(writes).toEqual([]);
    await shot(page, 'flagged-approve-dialog-note-required-1280');
    await note.fill(NOTE);
    await expect(dialog.getByText('This field is required')).toHaveCount(0);
    await shot(page, 'flagged-approve-dialog-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(approve).toBeInViewport();
    await shot(page, 'flagged-approve-dialog-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await approve.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Fuel request approved.' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Approved');

    // The Audit Log: the approval, filtered by its action, carries the note.
    await mainMenu(page).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Filter by action' }).selectOption({ label: 'Fuel request approved' });
    const entry = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: id.slice(0, 8) }) });
    await expect(entry).toContainText('Tunde Bakare');
    await expect(entry).toContainText('Status: Pending → Approved');
    await expect(entry).toContainText(`Approval note: — → ${NOTE}`);
    await shot(page, 'flagged-approval-audit-log');

    // The request's own record shows the note beside its approver.
    await entry.getByRole('link', { name: id.slice(0, 8) }).click();
    await expect(page.getByText(NOTE).first()).toBeVisible();
  } finally {
    // Journeys share one server: later ones approve flagged requests without a note.
    const restored = await request.put('/api/settings/organization', {
      headers,
      data: { requireNoteForFlaggedApproval: before.requireNoteForFlaggedApproval },
    });
    expect(restored.ok()).toBe(true);
  }
});
