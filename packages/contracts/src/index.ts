export * from './errors';
export * from './content';
export * from './access-key';
export * from './content-documents';
