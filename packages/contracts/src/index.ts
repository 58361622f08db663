export * from './errors';
export * from './content';
