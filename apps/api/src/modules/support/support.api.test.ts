import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';
import { png, sendForm } from '../../../test/multipart.js';

const world = useTestApp();

describe('support tickets', () => {
  it('a driver opens a ticket with an attachment; ADMIN answers (the driver is e-mailed) and closes it', async () => {
    const driver = await world.t.login('driver@acme.test');
    const admin = await world.t.login('admin@fleetfuel.test');
    const form = { subject: 'Coupon not accepted', message: 'The attendant says the code is wrong.', attachment: png('photo.png') };
    const opened = await sendForm(world.t, 'POST', '/api/support/tickets', form, driver);
    expect(opened.statusCode).toBe(200);
    const ticket = opened.json().ticket;
    expect(ticket).toMatchObject({
      status: 'OPEN',
      subject: 'Coupon not accepted',
      openedBy: { name: 'Musa Ibrahim', role: 'DRIVER' },
      tenant: 'Acme Logistics',
    });
    expect(ticket.attachmentUrl).toMatch(/^\/api\/files\/support-attachment-/);

    const all = await world.t.call('GET', '/api/support/tickets', { token: admin, query: { status: 'OPEN' } });
    expect(all.json().tickets.map((x: { id: string }) => x.id)).toContain(ticket.id);
    const answer = await world.t.call('POST', `/api/support/tickets/${ticket.id}/replies`, {
      token: admin,
      body: { message: 'Please type it with the dash: K7QM-4XPD.' },
    });
    expect(answer.json()).toMatchObject({
      message: 'Answer sent',
      ticket: { status: 'ANSWERED', replies: [{ author: { role: 'ADMIN' } }] },
    });
    const mail = await eventually(() =>
      world.t.outbox().find((m) => m.to === 'driver@acme.test' && m.subject === 'Re: Coupon not accepted'),
    );
    expect(mail.text).toContain('Please type it with the dash');

    const read = await world.t.call('GET', `/api/support/tickets/${ticket.id}`, { token: driver });
    expect(read.json().replies[0].message).toBe('Please type it with the dash: K7QM-4XPD.');
    const followUp = await world.t.call('POST', `/api/support/tickets/${ticket.id}/replies`, {
      token: driver,
      body: { message: 'That worked, thanks.' },
    });
    expect(followUp.json().ticket.status).toBe('OPEN');
    const closed = await world.t.call('PATCH', `/api/support/tickets/${ticket.id}/close`, { token: admin });
    expect(closed.json().ticket.status).toBe('CLOSED');
    expect(
      (await world.t.call('POST', `/api/support/tickets/${ticket.id}/replies`, { token: driver, body: { message: 'x' } })).statusCode,
    ).toBe(422);
  });

  it('another user’s ticket answers 404; everyone sees only their own', async () => {
    const rep = await world.t.login('rep@unityfuels.test');
    const opened = (
      await world.t.call('POST', '/api/support/tickets', {
        token: rep,
        body: { subject: 'Payout timing', message: 'When do payouts land?' },
      })
    ).json().ticket;
    const other = await world.t.login('orgadmin@beta.test');
    expect((await world.t.call('GET', `/api/support/tickets/${opened.id}`, { token: other })).statusCode).toBe(404);
    expect(
      (await world.t.call('POST', `/api/support/tickets/${opened.id}/replies`, { token: other, body: { message: 'x' } })).statusCode,
    ).toBe(404);
    expect((await world.t.call('PATCH', `/api/support/tickets/${opened.id}/close`, { token: other })).statusCode).toBe(404);
    expect((await world.t.call('GET', '/api/support/tickets', { token: other })).json().meta.total).toBe(0);
    const missing = await world.t.call('POST', '/api/support/tickets', { token: other, body: { subject: '', message: 'x' } });
    expect(missing.json()).toMatchObject({ field: 'subject', error: 'subject: This field is required' });
    const contact = await world.t.call('GET', '/api/support/contact', { token: other });
    expect(contact.json()).toMatchObject({ email: 'support@fleetfuel.ng' });
  });
});
