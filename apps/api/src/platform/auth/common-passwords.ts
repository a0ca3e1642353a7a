/**
 * Passwords of eight characters or more that top the public breach lists, lower-cased. Refusing
 * them stops the first guesses of any credential-stuffing run.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '11111111', '00000000', '88888888', '87654321',
  '11223344', '12341234', '12121212', '123123123', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'qwertyuiop',
  'qwerty123', 'qwerty12', 'qwertyui', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1', 'password', 'password1',
  'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa$$word', 'iloveyou',
  'iloveyou1', 'sunshine', 'princess', 'football', 'baseball', 'welcome1', 'welcome123', 'abc12345',
  'abcd1234', 'abcdefgh', 'a1b2c3d4', 'letmein1', 'trustno1', 'superman', 'starwars', 'whatever',
  'computer', 'michelle', 'jennifer', 'corvette', 'mercedes', 'maverick', 'liverpool', 'chelsea1',
  'arsenal1', 'manchester', 'changeme', 'changeme1', 'admin123', 'admin1234', 'administrator',
  'qazwsxedc', 'zaq12wsx', 'q1w2e3r4', 'q1w2e3r4t5', '123qweasd', '1234qwer', 'qwer1234', 'test1234',
  'testtest', 'monkey12', 'dragon12', 'master12', 'shadow12', 'killer12', 'nigeria1', 'nigeria123',
  'lagos123', 'abuja123', 'jesus123', 'blessing', 'blessed1', 'godisgood', 'loveyou1', 'lovelove',
  'samsung1', 'internet', 'qwerty1234', '987654321', '147258369', '123654789', '11112222', '55555555',
  '66666666', '77777777', '99999999', '22222222', '33333333', '44444444', 'aaaaaaaa', 'fleetfuel',
  'fleetfuel1', 'fleetfuel123',
]);
