// Preloaded with `node -r`: stdout refuses every write, so that ipctl meets an error it has no
// words for (an internal error) at the moment it prints, as a real bug would make it.
process.stdout.write = () => {
  throw new TypeError('planted: stdout refuses writes');
};
