// SPDX-License-Identifier: GPL-2.0
/*
 * rsvctl - read or set a file's reservation window goal size (in blocks)
 * with ext2's EXT2_IOC_GETRSVSZ / EXT2_IOC_SETRSVSZ ioctls.
 *
 *   rsvctl get FILE       print the goal size the file's window uses
 *   rsvctl set FILE N     set it (0 turns reservation off for the file)
 *   rsvctl fault FILE     for the tests: call both with a pointer the
 *                         kernel cannot read or write (expect EFAULT)
 *
 * The numbers are mainline's, so the tool works on chapters 0, 3 and 4.
 * The kernel reads and writes an int, although the numbers say long.
 * Exit status: 0 on success, 1 when the kernel refuses, 2 on bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define EXT2_IOC_GETRSVSZ _IOR('f', 5, long)
#define EXT2_IOC_SETRSVSZ _IOW('f', 6, long)

static const char *why(int err)
{
	switch (err) {
	case ENOTTY:
		return "not supported here (a kernel without windows, "
		       "or not a regular file)";
	case EOPNOTSUPP:
		return "the file system is mounted without -o reservation";
	case EACCES:
		return "permission denied (not the owner, and no CAP_FOWNER)";
	case EROFS:
		return "read-only file system";
	case EINVAL:
		return "invalid window size";
	default:
		return strerror(err);
	}
}

int main(int argc, char **argv)
{
	int fd, size;
	char *end;

	if (argc < 3 || (strcmp(argv[1], "get") && strcmp(argv[1], "set") &&
			 strcmp(argv[1], "fault")) ||
	    (!strcmp(argv[1], "set") && argc != 4)) {
		fprintf(stderr, "usage: rsvctl get FILE | rsvctl set FILE BLOCKS\n");
		return 2;
	}
	fd = open(argv[2], O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "rsvctl: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	if (!strcmp(argv[1], "fault")) {
		void *bad = (void *)8;	/* never mapped */
		int g = ioctl(fd, EXT2_IOC_GETRSVSZ, bad) ? errno : 0;
		int s = ioctl(fd, EXT2_IOC_SETRSVSZ, bad) ? errno : 0;

		printf("get errno %d, set errno %d\n", g, s);
		return g == EFAULT && s == EFAULT ? 0 : 1;
	}
	if (!strcmp(argv[1], "get")) {
		if (ioctl(fd, EXT2_IOC_GETRSVSZ, &size)) {
			int err = errno;

			fprintf(stderr, "rsvctl: get %s: %s (errno %d)\n", argv[2], why(err), err);
			return 1;
		}
		printf("%d\n", size);
		return 0;
	}
	errno = 0;
	long v = strtol(argv[3], &end, 10);
	if (errno || *end || end == argv[3] || v < -2147483648L || v > 2147483647L) {
		fprintf(stderr, "rsvctl: '%s' is not a number of blocks\n", argv[3]);
		return 2;
	}
	size = (int)v;
	if (ioctl(fd, EXT2_IOC_SETRSVSZ, &size)) {
		int err = errno;

		fprintf(stderr, "rsvctl: set %s %d: %s (errno %d)\n", argv[2], size, why(err), err);
		return 1;
	}
	return 0;
}
