import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@fleetfuel/contract';
import { ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE, attachmentError, toTicketFormData } from './ticket-form';
import { faqFor } from './faq';

describe('attachmentError', () => {
  it('takes a PDF or an image up to 10 MB', () => {
    expect(attachmentError({ type: 'application/pdf', size: 1000 })).toBeNull();
    expect(attachmentError({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(attachmentError({ type: 'text/plain', size: 10 })).toBe(ATTACHMENT_TYPE_MESSAGE);
    expect(attachmentError({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe(ATTACHMENT_SIZE_MESSAGE);
    expect(attachmentError(null)).toBeNull();
  });

  it('adds the attachment to the multipart body only when there is one', () => {
    expect(toTicketFormData({ subject: 'S', message: 'M' }, null).has('attachment')).toBe(false);
  });
});

describe('faqFor', () => {
  it('answers each role with the questions that concern it', () => {
    const driver = faqFor('DRIVER').map((entry) => entry.question);
    expect(driver).toContain('How do I request fuel?');
    expect(driver).not.toContain('How do I fund the wallet?');
    expect(faqFor('ADMINISTRATOR').map((entry) => entry.question)).toContain('How do I fund the wallet?');
    const attendant = faqFor('ATTENDANT').map((entry) => entry.question);
    expect(attendant).toContain('How does a station redeem a coupon?');
    expect(attendant).not.toContain('What do plan limits mean?');
  });
});
