import { describe, expect, it } from 'vitest';
import { PASSWORD_MISMATCH, describeUserAgent, passwordFormSchema, profileFormSchema, toProfileFormData } from './account-forms';

describe('passwordFormSchema', () => {
  it('asks for the same new password twice', () => {
    const result = passwordFormSchema.safeParse({
      currentPassword: 'old-secret',
      newPassword: 'Fresh-Pass-1',
      confirmPassword: 'Fresh-Pass-2',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: ['confirmPassword'], message: PASSWORD_MISMATCH }));
  });

  it('keeps the contract length rule for the new password', () => {
    const result = passwordFormSchema.safeParse({ currentPassword: 'old-secret', newPassword: 'short', confirmPassword: 'short' });
    expect(result.error?.issues[0]?.path).toEqual(['newPassword']);
  });

  it('accepts a matching pair', () => {
    expect(
      passwordFormSchema.safeParse({ currentPassword: 'x', newPassword: 'Fresh-Pass-1', confirmPassword: 'Fresh-Pass-1' }).success,
    ).toBe(true);
  });
});

describe('profileFormSchema', () => {
  it('requires a name and a Nigerian phone when one is given', () => {
    const result = profileFormSchema.safeParse({ name: ' ', phone: '12', title: '', language: 'en' });
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['name', 'phone']));
  });

  it('takes only the languages offered', () => {
    expect(profileFormSchema.safeParse({ name: 'Ada', phone: '', title: '', language: 'yo' }).success).toBe(true);
    const result = profileFormSchema.safeParse({ name: 'Ada', phone: '', title: '', language: '' });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['language', 'Choose one of the languages offered'],
    ]);
  });

  it('sends empty phone and title so that they are cleared, and the language', () => {
    const body = toProfileFormData({ name: ' Ada ', phone: '', title: '', language: 'ha' }, null);
    expect(body.get('name')).toBe('Ada');
    expect(body.get('phone')).toBe('');
    expect(body.get('language')).toBe('ha');
    expect(body.has('image')).toBe(false);
  });
});

describe('describeUserAgent', () => {
  it('names the browser and the system', () => {
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'),
    ).toBe('Chrome on Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0')).toBe(
      'Edge on Windows',
    );
  });

  it('falls back to the raw text, or to an unknown device', () => {
    expect(describeUserAgent('curl/8.0')).toBe('curl/8.0');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});
