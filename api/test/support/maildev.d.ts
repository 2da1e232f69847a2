declare module 'maildev' {
  interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    silent?: boolean;
    disableWeb?: boolean;
    /** Where the mails are kept (and loaded from at start); default: a folder per process. */
    mailDirectory?: string;
  }
  interface MailDevServer {
    listen(callback?: (err?: Error) => void): Promise<void>;
    close(callback?: (err?: Error) => void): void;
  }
  const MailDev: new (options: MailDevOptions) => MailDevServer;
  export default MailDev;
}
