export * from './companies';
export * from './roles';
export * from './users';
export * from './user-profiles';
