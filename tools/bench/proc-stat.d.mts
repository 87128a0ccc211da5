/** Busy CPU seconds of the whole machine so far (Linux /proc/stat: all but idle and iowait). */
export function machineBusySeconds(): number;
/** CPU seconds of this process's children that have exited and been waited for (Linux /proc/self/stat). */
export function childrenCpuSeconds(): number;
