/**
 * The users module's account operations for the modules that make and change accounts (auth's sign-up
 * and login, social sign-in, company management of colleagues). Each takes the caller's database or
 * transaction, so that an account's write commits with the caller's own (its audit row, its session).
 * Other modules import these, never users.repository.ts (lint: the api's rooms in eslint.config.js).
 */
export {
  companyTypeExists,
  emailExists,
  findCompanyWithType,
  findUserByEmail,
  findUserById,
  insertUser,
  setUserRoles,
  updateUser,
  type NewUser,
  type UserRow,
} from './users.repository';
