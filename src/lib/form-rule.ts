/**
 * A form rule, in the shape both antd's and antd-mobile's Form take, that refuses with the message a
 * check gives (the contract's own messages, as the server would say them).
 */
export const problemRule = (problemOf: (value: unknown) => string | null) => ({
  validator: (_rule: unknown, value: unknown) => {
    const problem = problemOf(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
