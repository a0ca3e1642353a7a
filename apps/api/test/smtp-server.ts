/**
 * An SMTP server of the few replies a plain send needs (PIPELINING; no TLS, no auth), for the
 * mailer's tests and the bench's sink (bench/smtp-sink.ts). It hands each message's envelope and
 * data to `onMessage`, and answers each batch of pipelined commands in one write, as a real server
 * does: one write an answer lets Nagle's algorithm hold every second one until the client's delayed
 * acknowledgement, and a pooled sender then waits ~40 ms a message.
 */
import { createServer, type Server } from 'node:net';

export interface SmtpMessage {
  from: string;
  to: string[];
  /** The message's lines, each ended by a newline. */
  data: string;
}

export function createSmtpServer(onMessage: (message: SmtpMessage) => void, name = 'test.local'): Server {
  return createServer((socket) => {
    let message: SmtpMessage = { from: '', to: [], data: '' };
    let inData = false;
    let buffered = '';
    socket.on('error', () => undefined);
    socket.write(`220 ${name} ESMTP\r\n`);
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const answers: string[] = [];
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            onMessage(message);
            message = { from: '', to: [], data: '' };
            answers.push('250 2.0.0 queued');
          } else message.data += `${line}\n`;
        } else if (/^(EHLO|HELO)\b/i.test(line)) answers.push(`250-${name}`, '250-PIPELINING', '250 8BITMIME');
        else if (/^MAIL FROM:/i.test(line)) {
          message.from = line.slice(10);
          answers.push('250 2.1.0 ok');
        } else if (/^RCPT TO:/i.test(line)) {
          message.to.push(line.slice(8));
          answers.push('250 2.1.5 ok');
        } else if (/^DATA\b/i.test(line)) {
          inData = true;
          answers.push('354 go ahead');
        } else if (/^QUIT\b/i.test(line)) {
          socket.end(`${[...answers, '221 bye'].join('\r\n')}\r\n`);
          return;
        } else answers.push('250 ok');
      }
      if (answers.length > 0) socket.write(`${answers.join('\r\n')}\r\n`);
    });
  });
}
